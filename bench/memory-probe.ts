/**
 * Loaded into the server under measurement (node --import ./bench/memory-probe.ts) by bench/memory-at-rest.bench.ts:
 * answers each IPC message with the process's memory (process.memoryUsage) and the bytes of the WebAssembly
 * memories created so far (PGlite's Postgres heap), read by wrapping WebAssembly.Memory. A message { gc: true }
 * collects garbage first (node --expose-gc), to tell garbage from what is kept. The channel does not keep the
 * process alive.
 */
const memories: WeakRef<WebAssembly.Memory>[] = [];
const Original = WebAssembly.Memory;
class TrackedMemory extends Original {
  constructor(descriptor: WebAssembly.MemoryDescriptor) {
    super(descriptor);
    memories.push(new WeakRef(this));
  }
}
(WebAssembly as { Memory: typeof WebAssembly.Memory }).Memory = TrackedMemory;

process.channel?.unref();
process.on('message', (message: { gc?: boolean }) => {
  if (message.gc) (globalThis as { gc?: () => void }).gc?.();
  const wasm = memories.reduce((sum, memory) => sum + (memory.deref()?.buffer.byteLength ?? 0), 0);
  process.send?.({ ...process.memoryUsage(), wasm, wasmInstances: memories.filter((memory) => memory.deref()).length });
});

/**
 * The names of the installed hook runtime's files, in its folder under the agentihooks home (or the
 * repo scope's `.agentihooks/`): the loader every wrapper, `notify` entry and status line runs, and
 * the runtime proper beside it, which the loader compiles (runtime/load-with-code-cache.ts). A leaf:
 * the compiler, the loader and the guards all name the files from here; scripts/build.mjs writes them.
 */
export const RUNTIME_FILE = "runtime.cjs";
export const RUNTIME_CORE_FILE = "runtime-core.js";

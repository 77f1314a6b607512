/** The hook runtime entry (being built: see the runtime issue). Fails open: prints nothing, exits 0. */
process.exitCode = 0;

// Preloaded (--require, by the sandbox's tracing Node that AGENTIHOOKS_NODE names) into every hook process of a sandbox.
// It records, for the processes that run agentihooks' bundled runtime (dist/runtime.cjs, or the e2e harness's fake runtime.mjs) and
// nothing else, one JSON line per invocation: the argv (the event), the target, what the runtime
// printed and its exit code. That is the evidence that a hook the client fired really ran our
// runtime. It changes nothing the runtime does: output is teed, never altered.
"use strict";
const fs = require("node:fs");
const traceFile = process.env.AGENTIHOOKS_E2E_TRACE;
const script = process.argv[1] || "";
if (traceFile && /(^|[\\/])runtime\.[cm]js$/.test(script)) {
  const started = Date.now();
  const captured = { stdout: "", stderr: "", stdin: "" };
  const keepStdin = (chunk) => {
    if (chunk && captured.stdin.length < 20000) captured.stdin += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  };
  // Stdin is teed at the two places a Node program can read it from, without consuming anything:
  // the stream's push (for process.stdin readers), fs.readSync(0, …) and fs.readFileSync(0).
  const stdin = process.stdin;
  const push = stdin.push.bind(stdin);
  stdin.push = (chunk, ...rest) => {
    keepStdin(chunk);
    return push(chunk, ...rest);
  };
  const readSync = fs.readSync;
  fs.readSync = function (fd, buffer, ...rest) {
    const n = readSync.call(this, fd, buffer, ...rest);
    if (fd === 0 && n > 0) {
      const offset = typeof rest[0] === "number" ? rest[0] : (rest[0] && rest[0].offset) || 0;
      keepStdin(Buffer.from(buffer.buffer, buffer.byteOffset + offset, n));
    }
    return n;
  };
  const readFileSync = fs.readFileSync;
  fs.readFileSync = function (file, ...rest) {
    const result = readFileSync.call(this, file, ...rest);
    if (file === 0 || file === "/dev/stdin") keepStdin(result);
    return result;
  };
  for (const stream of ["stdout", "stderr"]) {
    const target = process[stream];
    const write = target.write.bind(target);
    target.write = (chunk, ...rest) => {
      if (captured[stream].length < 20000) captured[stream] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return write(chunk, ...rest);
    };
  }
  // The runtime may also write straight to the descriptors (fs.writeSync(1, …)): tee those too.
  const keepFd = (fd, data, offset, length) => {
    const stream = fd === 1 ? "stdout" : fd === 2 ? "stderr" : undefined;
    if (!stream || captured[stream].length >= 20000) return;
    if (typeof data === "string") captured[stream] += data;
    else {
      const start = typeof offset === "number" ? offset : 0;
      const end = typeof length === "number" ? start + length : undefined;
      captured[stream] += Buffer.from(data.buffer, data.byteOffset, data.byteLength).subarray(start, end).toString("utf8");
    }
  };
  const writeSync = fs.writeSync;
  fs.writeSync = function (fd, data, ...rest) {
    const n = writeSync.call(this, fd, data, ...rest);
    if (typeof data === "string") keepFd(fd, data.slice(0, n));
    else keepFd(fd, data, typeof rest[0] === "number" ? rest[0] : 0, n);
    return n;
  };
  const writeFileSync = fs.writeFileSync;
  fs.writeFileSync = function (file, data, ...rest) {
    writeFileSync.call(this, file, data, ...rest);
    if (file === 1 || file === 2) keepFd(file, data);
  };
  process.on("exit", (code) => {
    const record = {
      argv: process.argv.slice(2),
      script,
      // A wrapper pointing at a runtime that does not exist still starts Node (and this tracer).
      scriptExists: fs.existsSync(script),
      target: process.env.AGENTIHOOKS_TARGET ?? null,
      copilotEvent: process.env.AGENTIHOOKS_COPILOT_EVENT ?? null,
      cwd: process.cwd(),
      exitCode: code,
      stdin: captured.stdin,
      stdout: captured.stdout,
      stderr: captured.stderr,
      ms: Date.now() - started,
    };
    try {
      fs.appendFileSync(traceFile, JSON.stringify(record) + "\n");
    } catch {
      // The trace is evidence for the suite, never a reason for the hook to fail.
    }
  });
}

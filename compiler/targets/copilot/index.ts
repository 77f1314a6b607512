import type { Target } from "../target";
import { descriptor } from "./descriptor";
import { compileTarget } from "./compile";
import { liveChecks } from "./live-probe";
import { compileMachine } from "./machine";

export const target: Target<typeof descriptor.id> = {
  descriptor,
  compile: (ir, env) => (env.scope.name === "machine" ? compileMachine(ir, env) : compileTarget(ir, env)),
  liveChecks,
};

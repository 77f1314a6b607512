import type { Target } from "../target";
import { descriptor } from "./descriptor";
import { compileTarget } from "./compile";
import { liveChecks } from "./live-probe";
import { compileMachine } from "./machine";

/** The target as the registry lists it: its descriptor and its pure compile. */
export const target: Target<typeof descriptor.id> = {
  descriptor,
  compile: (ir, env) => (env.scope.name === "machine" ? compileMachine(ir, env) : compileTarget(ir, env)),
  liveChecks,
};

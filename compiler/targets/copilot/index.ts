import type { Target } from "../target";
import { descriptor } from "./descriptor";
import { compileTarget } from "./compile";
import { liveChecks } from "./live-probe";

export const target: Target<typeof descriptor.id> = { descriptor, compile: compileTarget, liveChecks };

import type { Target } from "../target";
import { descriptor } from "./descriptor";
import { compileTarget } from "./compile";

/** The target as the registry lists it: its descriptor and its pure compile. */
export const target: Target<typeof descriptor.id> = { descriptor, compile: compileTarget };

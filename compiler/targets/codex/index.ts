import type { Target } from "../target";
import { descriptor } from "./descriptor";
import { compileTarget } from "./compile";

export const target: Target<typeof descriptor.id> = { descriptor, compile: compileTarget };

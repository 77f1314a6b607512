/**
 * The commands that load the project (config, profiles, the targets' homes), gathered in one
 * module so the bundle loads them as one file: they share most of the compiler, and
 * scripts/build.mjs bundles each module bin/cli.ts loads lazily as a single file. The light
 * commands (statusline, hook, transcript) are loaded on their own and parse none of the compiler.
 */
export * as apply from "./apply";
export * as build from "./build";
export * as doctor from "./doctor";
export * as inspect from "./inspect";
export * as plan from "./plan";
export * as profiles from "./profiles";
export * as status from "./status";
export * as uninstall from "./uninstall";

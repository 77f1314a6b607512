/**
 * Guardrail (off by default, `kubeProduction`): a `kubectl` or `helm` command that changes a
 * cluster is denied when the context or namespace it acts on is named as production: a name one of
 * whose parts (split on anything not a letter or digit) is `prod`, `production` or `prd`, digits
 * allowed after (`prod`, `prod-eu`, `gke_acme_europe-west1_prod2`, `production`; not `product`).
 * What it acts on is read as kubectl and helm read it: `--context`, `--kube-context`, `-n`,
 * `--namespace` (each spelling: `-nX`, `--context=X`); a context switched earlier in the line
 * (`kubectl config use-context`, `kubectl config set-context --current --namespace`); a
 * `HELM_KUBECONTEXT`, `HELM_NAMESPACE` or `KUBECONTEXT` assignment in the line or the environment;
 * else the kubeconfig's `current-context` (`$KUBECONFIG`, else `~/.kube/config`). `-A` and
 * `--all-namespaces` reach production namespaces too. Read-only verbs (`get`, `describe`, `logs`,
 * `diff`, `template`, …) pass; every other verb counts as changing the cluster. A context or
 * namespace only known when the command runs (`--context "$CTX"`) is denied for a changing verb.
 */
import { join } from "node:path";
import { commandEffects, type EffectCommand } from "../command-effects";
import { homeDirectory } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";
import { hiddenIntentBlock } from "./hidden-intent";
import { type Guard, type GuardVerdict, isShellTool, stringArg } from "./guard";

const KUBE_READ_ONLY = new Set([
  "get",
  "describe",
  "logs",
  "diff",
  "top",
  "explain",
  "api-resources",
  "api-versions",
  "version",
  "cluster-info",
  "auth",
  "events",
  "wait",
  "completion",
  "plugin",
  "kustomize",
  "options",
  "help",
  "config",
  "port-forward",
  "proxy",
]);
const HELM_READ_ONLY = new Set([
  "template",
  "lint",
  "list",
  "ls",
  "status",
  "get",
  "history",
  "hist",
  "show",
  "inspect",
  "search",
  "repo",
  "version",
  "env",
  "diff",
  "dependency",
  "dep",
  "package",
  "pull",
  "fetch",
  "verify",
  "completion",
  "plugin",
  "create",
  "help",
  "registry",
]);
/** Global options that take a value (the value is not the verb). */
const VALUE_OPTIONS = new Set([
  "--context",
  "--kube-context",
  "-n",
  "--namespace",
  "--kubeconfig",
  "--cluster",
  "--user",
  "-s",
  "--server",
  "--token",
  "--as",
  "--as-group",
  "--as-uid",
  "--cache-dir",
  "--certificate-authority",
  "--client-certificate",
  "--client-key",
  "--request-timeout",
  "--tls-server-name",
  "-v",
  "--v",
  "--kube-apiserver",
  "--kube-as-user",
  "--kube-as-group",
  "--kube-ca-file",
  "--kube-token",
  "--registry-config",
  "--repository-cache",
  "--repository-config",
  "--burst-limit",
  "--qps",
  "-o",
  "--output",
  "-f",
  "--filename",
  "-l",
  "--selector",
  "--values",
  "--set",
  "--version",
  "--repo",
]);
const ENV_NAMES = ["HELM_KUBECONTEXT", "HELM_NAMESPACE", "KUBECONTEXT"];

/** True for a context or namespace name one of whose parts names production. */
export function namesProduction(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => /^(prod|production|prd)\d*$/.test(part));
}

/** What a kubectl/helm command names: its words, contexts and namespaces (a value known only at run time as "$"). */
interface KubeCommand {
  words: string[];
  contexts: string[];
  namespaces: string[];
  all: boolean;
}

function readCommand(c: EffectCommand): KubeCommand {
  const read: KubeCommand = { words: [], contexts: [], namespaces: [], all: false };
  const at = (i: number, value: string): string => (c.dynamic[i] ? "$" : value);
  for (let i = 1; i < c.argv.length; i += 1) {
    const arg = c.argv[i] as string;
    if (arg === "--") break;
    const eq = /^(--context|--kube-context|--namespace|-n)=(.*)$/.exec(arg);
    const name = eq ? (eq[1] as string) : arg;
    const list = name === "--context" || name === "--kube-context" ? read.contexts : name === "--namespace" || name === "-n" ? read.namespaces : undefined;
    if (list && eq) list.push(at(i, eq[2] as string));
    else if (list) {
      list.push(at(i + 1, c.argv[i + 1] ?? ""));
      i += 1;
    } else if (/^-n./.test(arg)) read.namespaces.push(at(i, arg.slice(2)));
    else if (arg === "-A" || arg === "--all-namespaces") read.all = true;
    else if (VALUE_OPTIONS.has(arg)) i += 1;
    else if (!arg.startsWith("-")) read.words.push(at(i, arg));
  }
  return read;
}

/** The kubeconfig's `current-context`, or "" when none can be read. */
function currentContext(env: NodeJS.ProcessEnv): string {
  const files = env.KUBECONFIG ? env.KUBECONFIG.split(":").filter(Boolean) : [join(homeDirectory(env), ".kube", "config")];
  for (const file of files) {
    const match = /^current-context:\s*["']?([^"'\s#]*)/m.exec(readRegularFile(file, 1024 * 1024) ?? "");
    if (match?.[1]) return match[1];
  }
  return "";
}

function block(tool: string, verb: string, target: string): string {
  if (target === "$")
    return `BLOCKED: ${tool} ${verb} changes a cluster, and the context or namespace it acts on is only known when it runs, so it may be production (policy kubeProduction). Name the context and namespace literally, or run it yourself.`;
  return `BLOCKED: ${tool} ${verb} would change ${target}, which is named as production (policy kubeProduction). Read-only commands (get, describe, logs, diff, template) pass; make changes to production through its release process, or run this yourself.`;
}

/** The kubeProduction guard. */
export const kubeProductionGuard: Guard = {
  name: "kube-production",
  check({ tool_name, tool_input, cwd, env }): GuardVerdict | undefined {
    if (!isShellTool(tool_name)) return undefined;
    const command = stringArg(tool_input, "command");
    const effects = commandEffects(command, cwd, env);
    const kube = effects.commands.filter((c) => c.name === "kubectl" || c.name === "helm" || c.name === "oc");
    for (const o of effects.opaque) {
      if (o.words.some((w) => w === "kubectl" || w === "helm" || w === "oc") && (o.hidden || o.words.some(namesProduction)))
        return { block: hiddenIntentBlock(o, "it may change a production cluster") };
    }
    if (kube.length === 0) return undefined;
    // Contexts and namespaces set for the whole line: the environment and assignments in the line.
    const ambient: string[] = [];
    for (const name of ENV_NAMES) {
      const values = [
        env[name] ?? "",
        ...[...command.matchAll(new RegExp(`\\b${name}=("[^"]*"|'[^']*'|\\S*)`, "g"))].map((m) => (m[1] as string).replace(/^["']|["']$/g, "")),
      ];
      for (const value of values) if (value) ambient.push(value.includes("$") ? "$" : value);
    }
    // `kubectl config use-context X` / `set-context --current --namespace Y` change what follows.
    const switched: string[] = [];
    let contextSwitched = false;
    for (const c of kube) {
      const read = readCommand(c);
      const [verb = "", sub = "", arg = ""] = read.words;
      if (c.name !== "helm" && verb === "config") {
        if (sub === "use-context") {
          switched.push(arg);
          contextSwitched = true;
        } else if (sub === "set-context") switched.push(...read.namespaces);
        continue;
      }
      if (verb === "" || (c.name === "helm" ? HELM_READ_ONLY : KUBE_READ_ONLY).has(verb)) continue;
      if (read.all)
        return {
          block: `BLOCKED: ${c.name} ${verb} --all-namespaces reaches every namespace, production ones included (policy kubeProduction). Name the namespace you mean with -n.`,
        };
      const seen = [...read.contexts, ...read.namespaces, ...switched, ...ambient];
      // No context named anywhere: the kubeconfig's current one is used.
      if (read.contexts.length === 0 && !contextSwitched) seen.push(currentContext(env));
      const hit = seen.find((t) => t === "$" || namesProduction(t));
      if (hit !== undefined) return { block: block(c.name, verb, hit) };
    }
    return undefined;
  },
};

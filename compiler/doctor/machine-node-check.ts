/**
 * Doctor's check of the Node binary an installed machine-scope wrapper runs (compiler/scopes/machine-node.ts):
 * it and every folder above it must be root's and writable by no one else, or a user could swap the
 * machine guard for a program that allows everything.
 */
import { readFileSync } from "node:fs";
import { nodeOwnershipProblems, wrapperNodePath } from "../scopes/machine-node";
import type { DoctorCheck } from "./probe";

/** The `machine.node` check of the wrapper at `wrapperPath`. */
export function machineNodeCheck(wrapperPath: string): DoctorCheck {
  let text: string;
  try {
    text = readFileSync(wrapperPath, "utf8");
  } catch {
    return { id: "machine.node", status: "fail", message: `the machine wrapper ${wrapperPath} cannot be read — run: sudo agentihooks apply --scope machine` };
  }
  const node = wrapperNodePath(text);
  if (node === undefined)
    return { id: "machine.node", status: "fail", message: `the machine wrapper ${wrapperPath} names no Node — run: sudo agentihooks apply --scope machine` };
  const problems = nodeOwnershipProblems(node);
  if (problems.length === 0)
    return {
      id: "machine.node",
      status: "ok",
      message: `the Node the machine wrapper runs (${node}) and every folder above it are root's and writable by no one else`,
    };
  const first = problems[0] as { path: string; problem: string };
  return {
    id: "machine.node",
    status: "fail",
    message: `the machine wrapper ${wrapperPath} runs ${node}, but ${problems.map((p) => `${p.path} is ${p.problem}`).join("; ")}: a user could replace the Node every machine hook runs — fix: sudo chown root ${first.path} && sudo chmod go-w ${first.path}, or re-apply with a root-owned Node (sudo /usr/local/bin/node "$(command -v agentihooks)" apply --scope machine)`,
  };
}

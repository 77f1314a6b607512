/**
 * Doctor's check of the Node binary and the bash an installed machine-scope wrapper runs
 * (compiler/scopes/machine-node.ts): each and every folder above it must be root's and writable by no
 * one else, or a user could swap the machine guard for a program that allows everything.
 */
import { readFileSync } from "node:fs";
import { nodeOwnershipProblems, wrapperPrograms } from "../scopes/machine-node";
import type { DoctorCheck } from "./probe";

/** The `machine.node` check of the wrapper at `wrapperPath`. */
export function machineNodeCheck(wrapperPath: string): DoctorCheck {
  let text: string;
  try {
    text = readFileSync(wrapperPath, "utf8");
  } catch {
    return { id: "machine.node", status: "fail", message: `the machine wrapper ${wrapperPath} cannot be read — run: sudo agentihooks apply --scope machine` };
  }
  const { node, bash } = wrapperPrograms(text);
  if (node === undefined)
    return { id: "machine.node", status: "fail", message: `the machine wrapper ${wrapperPath} names no Node — run: sudo agentihooks apply --scope machine` };
  const runs = bash === undefined ? node : `${node} under ${bash}`;
  const problems = [...nodeOwnershipProblems(node), ...(bash === undefined ? [] : nodeOwnershipProblems(bash))];
  if (problems.length === 0)
    return {
      id: "machine.node",
      status: "ok",
      message: `the Node the machine wrapper runs (${runs}) and every folder above it are root's and writable by no one else`,
    };
  const first = problems[0] as { path: string; problem: string };
  return {
    id: "machine.node",
    status: "fail",
    message: `the machine wrapper ${wrapperPath} runs ${runs}, but ${problems.map((p) => `${p.path} is ${p.problem}`).join("; ")}: a user could replace what every machine hook runs — fix: sudo chown root ${first.path} && sudo chmod go-w ${first.path}, or re-apply with a root-owned Node and bash (sudo /usr/local/bin/node "$(command -v agentihooks)" apply --scope machine)`,
  };
}

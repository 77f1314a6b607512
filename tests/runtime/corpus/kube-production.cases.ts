/**
 * kubeProduction (off by default): mutating kubectl/helm commands aimed at a context or namespace
 * named as production are denied once the switch is on; read-only verbs and other clusters pass.
 */
import type { CorpusCase } from "./case";

const on = { kubeProduction: true };
const deny = (slug: string, command: string, extra: Partial<CorpusCase> = {}): CorpusCase => ({
  id: `kube-production/${slug}`,
  class: "kube-production/mutating",
  kind: "shell",
  command,
  guardrails: on,
  expect: "deny",
  reason: /kubeProduction/,
  ...extra,
});
const allow = (slug: string, command: string, extra: Partial<CorpusCase> = {}): CorpusCase => ({
  id: `harmless/kube-${slug}`,
  class: "harmless/kube",
  kind: "shell",
  command,
  guardrails: on,
  expect: "allow",
  ...extra,
});

const cases: CorpusCase[] = [
  deny("delete-context", "kubectl --context prod-eu delete deployment api"),
  deny("apply-context-eq", "kubectl apply --context=gke_acme_europe-west1_prod2 -f app.yaml"),
  deny("namespace-short", "kubectl -n production scale deploy/api --replicas=0"),
  deny("namespace-glued", "kubectl delete pod api-0 -nproduction"),
  deny("namespace-long-eq", "kubectl rollout restart deploy/api --namespace=prod"),
  deny("helm-kube-context", "helm upgrade --install api ./chart --kube-context prod"),
  deny("helm-namespace", "helm uninstall api -n production"),
  deny("use-context-then-delete", "kubectl config use-context prod && kubectl delete ns payments"),
  deny("set-namespace-then-delete", "kubectl config set-context --current --namespace=production; kubectl delete pod x"),
  deny("env-assignment", "HELM_KUBECONTEXT=prod helm rollback api 3"),
  deny("env-prefix", "env KUBECONTEXT=production kubectl delete pod x"),
  deny("quoted-and-variable", "C=pr'od'; kubectl --context \"$C\" delete pod x"),
  deny("unknown-context", 'kubectl --context "$TARGET_CTX" delete pod x', { reason: /only known when it runs/ }),
  deny("in-bash-c", "bash -c 'kubectl -n prod delete pod x'"),
  deny("sudo-exec", "sudo kubectl exec -n production api-0 -- touch /srv/maintenance"),
  deny("all-namespaces", "kubectl delete pods --all -A"),
  deny("current-context", "kubectl delete pod x", { files: { "~/.kube/config": "apiVersion: v1\ncurrent-context: prod-cluster\n" } }),
  allow("get-prod", "kubectl --context prod get pods -A"),
  allow("logs-prod", "kubectl logs -n production api-0 --tail 50"),
  allow("describe-prod", "kubectl describe deploy api -n production"),
  allow("diff-prod", "kubectl diff --context prod -f app.yaml"),
  allow("helm-template", "helm template api ./chart --kube-context prod -n production"),
  allow("helm-status", "helm status api -n production"),
  allow("staging-delete", "kubectl --context staging delete pod x"),
  allow("product-namespace", "kubectl -n product-catalog delete pod x"),
  allow("current-context-dev", "kubectl apply -f app.yaml", { files: { "~/.kube/config": "apiVersion: v1\ncurrent-context: dev\n" } }),
  allow("echo-mention", "echo 'kubectl --context prod delete pod x'"),
  // Off by default: the same command without the switch passes.
  { id: "harmless/kube-off-by-default", class: "harmless/kube", kind: "shell", command: "kubectl --context prod delete pod x", expect: "allow" },
];

export default cases;

{{/*
Named templates shared by the manifests. charts/chart.test.ts renders the chart with the real Helm.
*/}}

{{- define "switchboard.selectorLabels" -}}
app.kubernetes.io/name: {{ .Values.plugin.name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "switchboard.labels" -}}
{{ include "switchboard.selectorLabels" . }}
app.kubernetes.io/component: console-plugin
app.kubernetes.io/part-of: switchboard
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* The serving certificate: the operator-generated "<name>-cert" unless a Secret is given. */}}
{{- define "switchboard.certSecretName" -}}
{{ default (printf "%s-cert" .Values.plugin.name) .Values.plugin.certificateSecretName }}
{{- end }}

{{- define "switchboard.image" -}}
{{ required "plugin.image.repository is required: the registry path of the image built from the repository's Dockerfile" .Values.plugin.image.repository }}:{{ default .Chart.AppVersion .Values.plugin.image.tag }}
{{- end }}

{{- define "switchboard.policyAuthorSubjects" -}}
{{- range .Values.rbac.policyAuthors.users }}
- kind: User
  apiGroup: rbac.authorization.k8s.io
  name: {{ . | quote }}
{{- end }}
{{- range .Values.rbac.policyAuthors.groups }}
- kind: Group
  apiGroup: rbac.authorization.k8s.io
  name: {{ . | quote }}
{{- end }}
{{- end }}

{{/*
The verbs the plugin uses on ControllerRevisions in rbac.historyNamespace, and nothing more
(src/features/rollback/data): get (signing and outcome read the stored revision), list and watch
(the history list), create (recording a revision), update (author signature and outcome),
delete (pruning old revisions). charts/chart.test.ts derives the same set from those sources and
fails when they differ.
*/}}
{{- define "switchboard.historyVerbs" -}}
[get, list, watch, create, update, delete]
{{- end }}

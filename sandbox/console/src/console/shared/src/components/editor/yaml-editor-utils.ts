// The console's YAML set-up for Monaco (openshift/console release-4.22
// frontend/packages/console-shared/src/components/editor/yaml-editor-utils.ts): default options,
// monaco-yaml registered once per Monaco instance with Kubernetes mode, and metadata.managedFields
// folded when a document first shows. The console feeds monaco-yaml a JSON schema converted from
// the cluster's OpenAPI document; the stand-in has no OpenAPI document, so it registers no schema
// and monaco-yaml validates syntax only.
import type * as monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import { isMap, isNode, isScalar, parseDocument } from 'yaml';

export const defaultEditorOptions: monaco.editor.IStandaloneEditorConstructionOptions = {
  scrollBeyondLastLine: false,
  tabSize: 2,
};

/** The 1-based line range of metadata.managedFields, if the document has one. */
function findManagedFields(model: monaco.editor.ITextModel): { start: number; end: number } {
  const doc = parseDocument(model.getValue());
  const root = doc.contents;
  if (!isMap(root)) return { start: -1, end: -1 };
  for (const item of root.items) {
    if (!isScalar(item.key) || item.key.value !== 'metadata' || !isMap(item.value)) continue;
    for (const child of item.value.items) {
      if (!isScalar(child.key) || child.key.value !== 'managedFields') continue;
      if (!isNode(child.value)) continue;
      return {
        start: model.getPositionAt(child.key.range[0]).lineNumber,
        end: model.getPositionAt(child.value.range[1]).lineNumber,
      };
    }
  }
  return { start: -1, end: -1 };
}

function fold(
  editor: monaco.editor.IStandaloneCodeEditor,
  model: monaco.editor.ITextModel,
  resetMouseLocation: boolean,
): void {
  const { start, end } = findManagedFields(model);
  if (start < 0 || end < 0) return;
  const top = editor.getScrollTop();
  editor.setSelection({ startLineNumber: start, startColumn: 0, endLineNumber: end, endColumn: 0 });
  editor
    .getAction('editor.fold')
    ?.run()
    .then(() => {
      if (resetMouseLocation)
        editor.setSelection({ startLineNumber: 0, startColumn: 0, endLineNumber: 0, endColumn: 0 });
      editor.setScrollTop(Math.abs(top));
    })
    .catch(() => undefined);
}

/** Folds managedFields once, when the editor first holds a document. */
export function registerAutoFold(
  editor: monaco.editor.IStandaloneCodeEditor,
  alreadyInUse = false,
): void {
  const model = editor.getModel();
  if (!model) return;
  let triggered = false;
  const tryFolding = () => {
    if (!triggered && model.getValue() !== '') {
      setTimeout(() => fold(editor, model, true));
      triggered = true;
    }
  };
  if (alreadyInUse) tryFolding();
  model.onDidChangeContent(tryFolding);
}

let currentMonacoYaml: ReturnType<typeof configureMonacoYaml> | null = null;

/**
 * monaco-yaml supports one registration per Monaco instance; Monaco ships a basic YAML language
 * itself, so a second 'yaml' language entry means monaco-yaml is already registered.
 */
export function registerYAMLinMonaco(instance: typeof monaco): typeof currentMonacoYaml {
  if (instance.languages.getLanguages().filter((l) => l.id === 'yaml').length <= 1) {
    currentMonacoYaml = configureMonacoYaml(instance, {
      isKubernetes: true,
      validate: true,
      schemas: [],
      hover: true,
      completion: true,
    });
  }
  return currentMonacoYaml;
}

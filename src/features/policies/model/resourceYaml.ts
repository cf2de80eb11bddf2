export type ResourceYamlErrorCode =
  | 'yaml.empty'
  | 'yaml.tooLarge'
  | 'yaml.syntax'
  | 'yaml.multipleDocuments'
  | 'yaml.aliasBomb'
  | 'yaml.tooDeep'
  | 'yaml.notAnObject'
  | 'yaml.wrongKind'
  | 'yaml.wrongApiVersion';

export interface ResourceYamlError {
  code: ResourceYamlErrorCode;
  /** 1-based; 0 when the error has no position. */
  line: number;
  column: number;
  params: Record<string, string | number>;
}

export type ParseResourceYamlResult<T> =
  { ok: true; value: T } | { ok: false; error: ResourceYamlError };

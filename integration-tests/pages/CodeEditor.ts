import { expect, type Locator, type Page } from '@playwright/test';

/** The parts of Monaco's global API the tests read (the console sets `window.monaco` for e2e). */
interface MonacoMarker {
  owner: string;
  severity: number;
  message: string;
  startLineNumber: number;
  startColumn: number;
}
interface MonacoModel {
  uri: unknown;
  getValue(): string;
}
interface MonacoEditor {
  getContainerDomNode(): HTMLElement;
  getModel(): MonacoModel | null;
  getRawOptions(): { readOnly?: boolean };
}
interface MonacoGlobal {
  editor: {
    getEditors(): MonacoEditor[];
    getModelMarkers(filter: { resource: unknown }): MonacoMarker[];
  };
}

export interface EditorMarkerInfo {
  owner: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  line: number;
  column: number;
}

/**
 * The console's code editor (the SDK's CodeEditor, Monaco) inside the element with `testId`. Text
 * goes in as one edit of the whole range, as a paste over select-all: typing would run Monaco's
 * auto-closing brackets and auto-indent on every character. Text and markers are read from the
 * editor's model.
 */
export class CodeEditor {
  readonly root: Locator;
  constructor(
    readonly page: Page,
    readonly testId: string,
    scope?: Locator,
  ) {
    this.root = (scope ?? page).getByTestId(testId);
  }

  /** Monaco's hidden textarea, which holds the keyboard focus. */
  get input(): Locator {
    return this.root.locator('.monaco-editor textarea');
  }

  async ready(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-ready', 'true');
  }

  async value(): Promise<string> {
    await this.ready();
    return this.root.evaluate((el) => {
      const monaco = (window as unknown as { monaco: MonacoGlobal }).monaco;
      const editor = monaco.editor.getEditors().find((e) => el.contains(e.getContainerDomNode()));
      const model = editor?.getModel();
      if (!model) throw new Error('no Monaco editor in this element');
      return model.getValue();
    });
  }

  async readOnly(): Promise<boolean> {
    await this.ready();
    return this.root.evaluate((el) => {
      const monaco = (window as unknown as { monaco: MonacoGlobal }).monaco;
      const editor = monaco.editor.getEditors().find((e) => el.contains(e.getContainerDomNode()));
      return editor?.getRawOptions().readOnly === true;
    });
  }

  /** All markers on the model, the plugin's findings (owner `switchboard…`) and Monaco's own. */
  async markers(): Promise<EditorMarkerInfo[]> {
    await this.ready();
    return this.root.evaluate((el) => {
      const monaco = (window as unknown as { monaco: MonacoGlobal }).monaco;
      const editor = monaco.editor.getEditors().find((e) => el.contains(e.getContainerDomNode()));
      const model = editor?.getModel();
      if (!model) return [];
      const severity = (n: number): EditorMarkerInfo['severity'] =>
        n >= 8 ? 'error' : n >= 4 ? 'warning' : n >= 2 ? 'info' : 'hint';
      return monaco.editor.getModelMarkers({ resource: model.uri }).map((m) => ({
        owner: m.owner,
        severity: severity(m.severity),
        message: m.message,
        line: m.startLineNumber,
        column: m.startColumn,
      }));
    });
  }

  /** The plugin's finding markers on `line`. */
  async findingMarkersOn(line: number): Promise<EditorMarkerInfo[]> {
    return (await this.markers()).filter(
      (m) => m.owner.startsWith('switchboard') && m.line === line,
    );
  }

  async expectFindingMarker(line: number, severity?: EditorMarkerInfo['severity']): Promise<void> {
    await expect
      .poll(async () =>
        (await this.findingMarkersOn(line)).some((m) => !severity || m.severity === severity),
      )
      .toBe(true);
  }

  async expectNoFindingMarker(line: number): Promise<void> {
    await expect.poll(async () => (await this.findingMarkersOn(line)).length).toBe(0);
  }

  async expectValue(pattern: RegExp): Promise<void> {
    await expect.poll(() => this.value()).toMatch(pattern);
  }

  async expectNotValue(pattern: RegExp): Promise<void> {
    await expect.poll(() => this.value()).not.toMatch(pattern);
  }

  async focus(): Promise<void> {
    await this.ready();
    await this.input.focus();
  }

  /**
   * Replaces the whole text, as select-all and paste would: one edit of the full range through
   * the editor (an undoable edit that fires the same content change a paste does). A synthetic
   * paste event raced Monaco taking the focus under load and could insert instead of replace.
   */
  async fill(text: string): Promise<void> {
    await this.focus();
    await this.root.evaluate((el, pasted) => {
      const monaco = (window as unknown as { monaco: MonacoGlobal }).monaco;
      const editor = monaco.editor
        .getEditors()
        .find((e) => el.contains(e.getContainerDomNode())) as unknown as {
        getModel(): { getFullModelRange(): unknown } | null;
        executeEdits(source: string, edits: { range: unknown; text: string }[]): boolean;
        pushUndoStop(): boolean;
        focus(): void;
      };
      const model = editor.getModel();
      if (!model) throw new Error('no Monaco model in this element');
      editor.pushUndoStop();
      editor.executeEdits('paste', [{ range: model.getFullModelRange(), text: pasted }]);
      editor.pushUndoStop();
      editor.focus();
    }, text);
    await expect.poll(() => this.value()).toBe(text);
  }

  /** Moves the caret to a 1-based line and column through the editor's API. */
  async caretTo(line: number, column: number): Promise<void> {
    await this.ready();
    await this.root.evaluate(
      (el, pos) => {
        const monaco = (window as unknown as { monaco: MonacoGlobal }).monaco;
        const editor = monaco.editor
          .getEditors()
          .find((e) => el.contains(e.getContainerDomNode())) as unknown as {
          setPosition(p: { lineNumber: number; column: number }): void;
          revealLineInCenter(l: number): void;
          focus(): void;
        };
        editor.setPosition({ lineNumber: pos.line, column: pos.column });
        editor.revealLineInCenter(pos.line);
        editor.focus();
      },
      { line, column },
    );
  }
}

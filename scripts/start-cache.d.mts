/** What one build of `npm start` reads: input paths under the root and environment variables. */
export interface BuildInputs {
  inputs: string[];
  env: string[];
}
export declare const SKIP: Set<string>;
export declare function inputsHash(
  root: string,
  build: BuildInputs,
  environment?: Record<string, string | undefined>,
): string;
export declare function isUpToDate(stamp: string, hash: string, output: string): boolean;
export declare function recordBuild(stamp: string, hash: string): void;

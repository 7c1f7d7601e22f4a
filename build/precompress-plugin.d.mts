/** Types of precompress-plugin.mjs, for the gateway's tests (TypeScript reads no JSDoc from .mjs here). */
export declare const COMPRESSIBLE: RegExp;
export declare function precompressFile(file: string): Promise<void>;
export declare class PrecompressPlugin {
  apply(compiler: unknown): void;
}

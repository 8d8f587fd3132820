/**
 * What every sentence embedder offers, and how embedders get at their model files. The embedders themselves never
 * know whether bytes come from the extension package, from a page origin the CLI serves, or from the filesystem.
 */

/** Query texts (anchors) and passage texts (segments) are embedded differently by models such as e5. */
export type EmbedRole = 'query' | 'passage';

/** Where the arithmetic actually ran; reported to the user and the benchmark. */
export type EmbedderBackend = 'wasm' | 'webgpu' | 'tfjs-wasm' | 'tfjs-cpu' | 'static' | 'node';

export interface Embedder {
  /** Stable identity, e.g. "use-lite", "glove", "onnx:synthetic-tiny-bert-mbert-vocab". */
  id: string;
  dim: number;
  backend: EmbedderBackend;
  /** Languages the model was trained to read (BCP 47); undefined for a multilingual model. */
  languages?: readonly string[];
  /** Why this backend was chosen (e.g. "no WebGPU adapter"); empty when there was no choice. */
  backendReason: string;
  /**
   * One L2-normalised vector per text, in input order. A text with nothing to embed (empty, or only unknown
   * words for a static model) gives an all-zero vector, whose cosine with anything is 0.
   */
  embed(texts: string[], role: EmbedRole): Promise<Float32Array[]>;
  /** Queries and passages get the same vector (the model has no role prefixes), so callers may mix them in one call. */
  sameForRoles?: boolean;
  /** Frees model memory; the embedder must not be used afterwards. */
  dispose?(): Promise<void>;
}

/** Reads one file of one model folder, by its path relative to that folder (e.g. "onnx/model_quantized.onnx"). */
export type ByteLoader = (relativePath: string) => Promise<ArrayBuffer>;

/**
 * A place that holds one folder per model: `<root>/<folder>/<file>`.
 * `root` is a URL (ending in '/') in a browser, or a directory path in Node; libraries that resolve files
 * themselves (transformers.js) get `root`, our own loaders use `files(folder)`.
 */
export interface ModelStore {
  root: string;
  files(folder: string): ByteLoader;
}

/** Load progress of a model, aggregated over its files. */
export interface LoadProgress {
  /** Bytes received so far and expected in total (total is 0 while unknown). */
  loaded: number;
  total: number;
  /** 0…1, or undefined while the total is unknown. */
  fraction: number | undefined;
  /** The file being fetched, for the status line. */
  file: string;
}

export type ProgressListener = (progress: LoadProgress) => void;

/**
 * The few web-platform globals that browsers and Node both provide, declared for tsconfig.shared.json only:
 * src/shared is checked without DOM and Node types, so any other global (window, document, Buffer, process)
 * fails there. Extend this list only with APIs that both runtimes have.
 */
declare class URL {
  constructor(url: string, base?: string);
  toString(): string;
}

declare class URLSearchParams {
  constructor();
  append(name: string, value: string): void;
  toString(): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

// eslint-disable-next-line no-var -- only a `var` declaration is a property of globalThis (`globalThis.crypto`).
declare var crypto: {
  readonly subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
};

/** Base64 decoding (browsers, and Node since 16). */
declare function atob(data: string): string;

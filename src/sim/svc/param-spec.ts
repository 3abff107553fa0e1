import { badRequest } from './errors';

/**
 * The simulator's own reading of request parameters, written from what a real server answers (its typed
 * endpoints), not from the console's contract: a JSON-typed value that does not parse is "<name> is not valid
 * JSON", a wrong type "<name> is not an integer" / "is not a boolean" / "is not a list" / "is not a string"
 * (with the path inside the value, `members[0]`), a value outside its set "Invalid <name>", a dict without a
 * field `<path>["<field>"] field is missing: Field required`. The console's schemas are never consulted.
 */

/** Checks one decoded value at `path` (the name, or a path inside it) and returns it typed. */
export type Decoder<T> = (value: unknown, path: string) => T;

export interface ParamSpec<T, Required extends boolean = boolean> {
  /** JSON-typed on the wire (parsed before checking); otherwise the text is taken as it comes. */
  readonly json: boolean;
  readonly required: Required;
  /** The feature level that added the parameter; on an older server it is unknown (ignored and reported). */
  readonly since: number;
  /** The feature level that removed it, if any. */
  readonly until: number;
  readonly decode: Decoder<T>;
}

type AnySpec = ParamSpec<unknown, boolean>;
export type ParamSpecs = Readonly<Record<string, AnySpec>>;

/** The handler's view of its parameters: required ones always present, optional ones maybe undefined. */
export type ParamsOf<S extends ParamSpecs> = {
  [K in keyof S]: S[K] extends ParamSpec<infer T, true>
    ? T
    : S[K] extends ParamSpec<infer T, false>
      ? T | undefined
      : never;
};

class Spec<T, R extends boolean> implements ParamSpec<T, R> {
  constructor(
    readonly json: boolean,
    readonly required: R,
    readonly decode: Decoder<T>,
    readonly since = 0,
    readonly until = Number.POSITIVE_INFINITY,
  ) {}

  optional(): Spec<T, false> {
    return new Spec(this.json, false, this.decode, this.since, this.until);
  }

  /** Added at this feature level. */
  from(level: number): Spec<T, R> {
    return new Spec(this.json, this.required, this.decode, level, this.until);
  }

  /** Removed at this feature level. */
  removedAt(level: number): Spec<T, R> {
    return new Spec(this.json, this.required, this.decode, this.since, level);
  }
}

// --- decoders of values inside JSON ------------------------------------------------------------------------

export const intValue: Decoder<number> = (value, path) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${path} is not an integer`);
  return value;
};

export const boolValue: Decoder<boolean> = (value, path) => {
  if (typeof value !== 'boolean') throw badRequest(`${path} is not a boolean`);
  return value;
};

export const strValue: Decoder<string> = (value, path) => {
  if (typeof value !== 'string') throw badRequest(`${path} is not a string`);
  return value;
};

export function listOf<T>(element: Decoder<T>): Decoder<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw badRequest(`${path} is not a list`);
    return value.map((item, i) => element(item, `${path}[${i}]`));
  };
}

export function dictValue(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${path} is not a dict`);
  return value as Record<string, unknown>;
}

type FieldDecoders = Readonly<Record<string, Decoder<unknown>>>;
type DictOf<F extends FieldDecoders, O extends keyof F> = { [K in Exclude<keyof F, O>]: ReturnType<F[K]> } & {
  [K in O]?: ReturnType<F[K]>;
};

/** A dict with exactly these fields (the `optional` ones may be left out); any other field is refused. */
export function dictOf<F extends FieldDecoders, O extends keyof F = never>(
  fields: F,
  optional: readonly O[] = [],
): Decoder<DictOf<F, O>> {
  return (value, path) => {
    const dict = dictValue(value, path);
    const extra = Object.keys(dict).find((name) => !Object.hasOwn(fields, name));
    if (extra !== undefined) throw badRequest(`Argument "${extra}" at ${path}["${extra}"] is unexpected`);
    const out: Record<string, unknown> = {};
    for (const [name, decode] of Object.entries(fields)) {
      const at = `${path}["${name}"]`;
      if (!Object.hasOwn(dict, name) || dict[name] === undefined) {
        if ((optional as readonly string[]).includes(name)) continue;
        throw badRequest(`${at} field is missing: Field required`);
      }
      out[name] = decode(dict[name], at);
    }
    return out as DictOf<F, O>;
  };
}

/** One of a fixed set of values; anything else is "Invalid <path>" (or the given wording). */
export function oneOfValues<const V extends string | number>(
  values: readonly V[],
  message: (path: string) => string = (path) => `Invalid ${path}`,
): Decoder<V> {
  return (value, path) => {
    if (!(values as readonly unknown[]).includes(value)) throw badRequest(message(path));
    return value as V;
  };
}

/** The wording of a value refused by a server-side validator rather than by its type. */
export const valueError = (path: string) => `Invalid ${path}: Value error, Not in the list of possible values`;

/** At least `min`: "<path> is too small". */
export function intAtLeast(min: number): Decoder<number> {
  return (value, path) => {
    const n = intValue(value, path);
    if (n < min) throw badRequest(`${path} is too small`);
    return n;
  };
}

// --- parameters ----------------------------------------------------------------------------------------------

/** A JSON-typed parameter, checked by `decode`. */
export function json<T>(decode: Decoder<T>): Spec<T, true> {
  return new Spec(true, true, decode);
}

/** A parameter taken as text. */
export function text(): Spec<string, true> {
  return new Spec(false, true, (value) => value as string);
}

/** A text parameter with its own check of the text. */
export function textChecked<T>(decode: Decoder<T>): Spec<T, true> {
  return new Spec(false, true, decode);
}

/** Text of at most `max` characters: longer is "<name> is too long (limit: <max> characters)". */
export function textUpTo(max: number): Spec<string, true> {
  return textChecked((value, path) => {
    const t = value as string;
    if (t.length > max) throw badRequest(`${path} is too long (limit: ${max} characters)`);
    return t;
  });
}

/** A JSON value the handler checks itself (in the server's own order and words). */
export const anyJson = () => json((value: unknown) => value);

export const int = () => json(intValue);
export const bool = () => json(boolValue);
export const intList = () => json(listOf(intValue));
export const strList = () => json(listOf(strValue));

/**
 * A parameter that is JSON when it parses and text otherwise (the server's `Json[...] | str` unions, such as a
 * message's `to`: a channel name, an ID, or a list of either).
 */
export function jsonOrText<T>(decode: Decoder<T>): Spec<T, true> {
  return new Spec(false, true, (value, path) => {
    const raw = value as string;
    try {
      return decode(JSON.parse(raw), path);
    } catch (error) {
      if (error instanceof SyntaxError) return decode(raw, path);
      throw error;
    }
  });
}

/** Decodes one parameter's wire text by its spec. */
export function decodeParam<T>(spec: ParamSpec<T, boolean>, name: string, raw: string): T {
  if (!spec.json) return spec.decode(raw, name);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(`${name} is not valid JSON`);
  }
  return spec.decode(parsed, name);
}

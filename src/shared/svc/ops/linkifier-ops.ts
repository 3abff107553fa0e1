/** Linkifier operations (GET /realm/linkifiers, POST/PATCH/DELETE /realm/filters…, PATCH /realm/linkifiers). */
export const linkifierOps = {} as const;

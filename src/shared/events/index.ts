export * from './bff-stream';
export * from './svc-events';

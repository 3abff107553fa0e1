export * from './catalog';
export * from './envelope';
export * from './features';
export * from './match';
export * from './records';
export * from './roles';
export * from './wire';
export * from './params';

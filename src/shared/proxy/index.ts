/** The proxy-dashboard contract, shared by the SPA, the BFF and the simulator. */
export * from './procedures';
export * from './protocol';
export * from './routes';
export * from './insights';
export * from './live';
export * from './report';

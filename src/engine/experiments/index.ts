// Teaching experiments built on the engine: pure functions, seeded, no React or DOM.
export * from './scaling';
export * from './rankCollapse';

// A page's link parameters declared once, read and written by one reader and one writer (see types.ts).
export * from './types';
export * from './kinds';
export * from './listKinds';
export * from './readParams';
export * from './writeParams';
export * from './unknownParams';

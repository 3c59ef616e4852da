export { Walkthrough, usePrefersReducedMotion, type WalkthroughProps } from './Walkthrough';
export { MatrixView, showsAsGrid, GRID_DIGITS, GRID_MAX_COLS, GRID_MAX_ROWS, type MatrixViewProps } from './MatrixView';
export { useWalkthroughData, type WalkthroughData } from './walkthroughData';
export { FORMULAS, PRE_LN_FORMULAS, formulaFor } from './steps';

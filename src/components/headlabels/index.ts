export { HeadLabelGuide, type HeadLabelGuideProps } from './HeadLabelGuide';
export { formatLabelScore, headLabelText, labelText, namedWithLabel } from './labelText';
export { FIND_HEADS_FROM, FIND_HEADS_SHOWN, FindHeadsTable } from './FindHeadsTable';

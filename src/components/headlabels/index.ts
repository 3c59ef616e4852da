export { HeadLabelGuide, type HeadLabelGuideProps } from './HeadLabelGuide';
export { formatLabelScore, headLabelText, labelText, namedWithLabel } from './labelText';
export { FindHeadsTable, FIND_HEADS_SHOWN } from './FindHeadsTable';

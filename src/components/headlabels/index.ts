export { HeadLabelGuide, type HeadLabelGuideProps } from './HeadLabelGuide';
export { formatLabelScore, headLabelText, labelText, namedWithLabel } from './labelText';

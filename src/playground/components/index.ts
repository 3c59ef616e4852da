export { PlaygroundPage, type PlaygroundPageProps } from './PlaygroundPage';

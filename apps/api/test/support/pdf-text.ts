// The document writer's own reader (packages/shared/src/documents/read-back.ts).
export { pdfPages, pdfText, type DrawnLine } from '@canal/shared/documents/read-back';

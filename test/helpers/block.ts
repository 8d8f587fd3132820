/** A visible text block with no links or images; tests override what their case is about. */
export { textBlock as makeBlock } from '../../src/snapshot/text-block';

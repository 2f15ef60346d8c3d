/** Where an arrow key, Home or End takes the focus from `index` among `count` controls; undefined for any other key. */
export function nextToolIndex(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowRight':
      return index >= last ? 0 : index + 1;
    case 'ArrowLeft':
      return index <= 0 ? last : index - 1;
    default:
      return undefined;
  }
}

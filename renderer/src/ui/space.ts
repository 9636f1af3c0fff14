// The space between two messages or elements in a line. The no-literal-string rule counts
// any literal in JSX, even {' '}, as words to translate; a space is not one.
export const SPACE = ' ';

/**
 * What the model writes in the experiments of "How To Build An Agent"
 * (seeds/code-editing-agent-go-deepseek.txt), shared by the terminal and the VS Code runs of them.
 */

/** fizzbuzz.js as the model first creates it: 1 to 100. */
export const fizzbuzz = `for (let i = 1; i <= 100; i++) {
  let out = '';
  if (i % 3 === 0) out += 'Fizz';
  if (i % 5 === 0) out += 'Buzz';
  console.log(out || i);
}
`;

/** congrats.js: rot13-decodes and prints "Congratulations on building a code-editing agent!". */
export const congrats = `function rot13(text) {
  return text.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}
console.log(rot13('Pbatenghyngvbaf ba ohvyqvat n pbqr-rqvgvat ntrag!'));
`;

/** The riddle in secret-file.txt. */
export const riddle = 'what animal is the most disagreeable because it always says neigh?';

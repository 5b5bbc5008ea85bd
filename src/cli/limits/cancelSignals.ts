/**
 * Ctrl-C (SIGINT), a cancelled CI job (SIGTERM) and a closed terminal (SIGHUP) cancel an unattended
 * run the same way: its commands are stopped and it ends with its result. A second signal is not
 * caught: it ends the process at once (after the sandbox's exit check). Returns the way to stop listening.
 */
export function cancelOnSignals(controller: AbortController): () => void {
  const signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const stopListening = (): void => {
    for (const signal of signals) process.removeListener(signal, onSignal);
  };
  const onSignal = (): void => {
    stopListening();
    controller.abort();
  };
  for (const signal of signals) process.on(signal, onSignal);
  return stopListening;
}

/** Questions a server may ask while its calls run, counted from when the first of them started. */
export const maxQuestionsPerCall = 5;

/**
 * When one server may ask the user something: only while one of its tool calls runs, at most
 * {@link maxQuestionsPerCall} times, and only until its calls end: a question still open then is
 * taken away, so it cannot take the user's next line (or click) meant for something else.
 */
export class ServerQuestionGate {
  private callsRunning = 0;
  private asked = 0;
  /** Aborted when the last running call ends: the questions asked during the calls go with them. */
  private callsEnded = new AbortController();

  /** A call starts; the function returned ends it. */
  callStarted(): () => void {
    if (this.callsRunning++ === 0) {
      this.asked = 0;
      this.callsEnded = new AbortController();
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.callsRunning === 0) this.callsEnded.abort();
    };
  }

  /**
   * A question arrives: the signal it is asked under (the server's own, and the end of the calls), or why it is not
   * asked at all.
   */
  admit(requestSignal: AbortSignal): { signal: AbortSignal } | { refused: string } {
    if (this.callsRunning === 0) return { refused: 'while none of its tools was running' };
    if (++this.asked > maxQuestionsPerCall) return { refused: `more than ${maxQuestionsPerCall} times during a call` };
    return { signal: AbortSignal.any([requestSignal, this.callsEnded.signal]) };
  }
}

/** "42 %": how much of a download or a file has been read, never over 100 (a body may outgrow its Content-Length). */
export function percentRead(received: number, total: number): string {
  return `${Math.min(100, Math.round((100 * received) / total))} %`;
}

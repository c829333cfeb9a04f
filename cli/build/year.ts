/** The copyright year: SOURCE_DATE_EPOCH when set (reproducible builds), else today's. */
export function buildYear(): number {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return (
    Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date()
  ).getUTCFullYear();
}

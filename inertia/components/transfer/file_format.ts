/** 1536 → "1.5 KB", as the server's emails write sizes. */
export function formatBytes(bytes: number) {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

/** 3725 → "1 h 2 min", 75 → "1 min 15 s". */
export function formatDuration(seconds: number) {
  const whole = Math.max(0, Math.round(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  if (hours > 0) {
    return `${hours} h ${minutes} min`
  }
  if (minutes > 0) {
    return `${minutes} min ${rest} s`
  }
  return `${rest} s`
}

import { useState } from 'react'

/**
 * True from the first time `open` is true onwards: a lazily loaded panel mounts on first use and
 * then stays mounted, so its closing animation still plays.
 */
export function useOnceOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

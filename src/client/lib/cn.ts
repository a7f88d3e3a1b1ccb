import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names; a caller's className wins over a component's defaults instead of fighting it. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

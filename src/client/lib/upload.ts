import type { ApiErrorBody } from '../../shared/api'
import { ApiError } from './api'

/**
 * Sends one file as multipart form data with upload progress (fetch cannot report it, so this is
 * XMLHttpRequest). Resolves to the server's JSON; a non-OK answer rejects with the same ApiError
 * as the API client, and an aborted upload with an AbortError.
 */
export function uploadFile<T>(
  url: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  /** Plain fields sent with the file (a rate table's state and date). */
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.setRequestHeader('accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const text = request.responseText
      if (request.status >= 200 && request.status < 300) {
        onProgress(1)
        resolve((text ? JSON.parse(text) : undefined) as T)
        return
      }
      let body: ApiErrorBody | undefined
      try {
        body = JSON.parse(text) as ApiErrorBody
      } catch {
        body = undefined
      }
      reject(new ApiError(request.status, body, text || request.statusText))
    }
    request.onerror = () => reject(new Error('The upload could not reach the server. Please try again.'))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append(field, file)
    request.send(form)
  })
}

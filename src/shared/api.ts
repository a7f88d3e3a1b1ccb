// The API's error body (DESIGN.md §3), shared by the server and the client.
export interface FieldError {
  field: string
  message: string
}

export interface ApiErrorBody {
  message: string
  errors?: FieldError[]
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Star, X } from 'lucide-react'
import { useEffect } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { Answer } from '../../../shared/contract'
import { imageSources } from '../../../shared/media/images'
import { testimonialsContract } from '../../../shared/testimonials/contract'
import {
  NO_PRODUCT,
  TESTIMONIAL_MESSAGES,
  type TestimonialInput,
  testimonialSchema,
} from '../../../shared/testimonials/schema'
import { call } from '../../lib/api'
import { cn } from '../../lib/cn'
import { failureMessage } from '../../lib/mutation-toasts'
import { showServerErrors } from '../../lib/server-errors'
import { uploadFile } from '../../lib/upload'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { FileDropzone, UploadProgressList, useImageUploads } from '../../ui/image-upload'
import { Input } from '../../ui/input'
import { Textarea } from '../../ui/textarea'
import { toast } from '../../ui/use-toast'
import { ProductPicker } from './product-picker'

type FormOutput = z.output<typeof testimonialSchema>

const BLANK: TestimonialInput = {
  customerName: '',
  content: '',
  rating: 5,
  productId: NO_PRODUCT,
  imageUrl: null,
}

/** 'Share Your Experience' (storefront.md §2, §5, §8): stored pending the owner's approval. */
export function TestimonialForm() {
  const form = useForm<TestimonialInput, unknown, FormOutput>({
    resolver: zodResolver(testimonialSchema),
    defaultValues: BLANK,
  })
  const { errors } = form.formState
  // Opened by a button: the visitor goes on from the first field.
  useEffect(() => form.setFocus('customerName'), [form])
  const imageUrl = form.watch('imageUrl')
  const uploads = useImageUploads({
    send: async (file, onProgress) =>
      (
        await uploadFile<Answer<typeof testimonialsContract.upload>>(
          testimonialsContract.upload.path,
          'image',
          file,
          onProgress,
        )
      ).files,
    onUploaded: (urls) => form.setValue('imageUrl', urls[0] ?? null),
  })
  const submit = useMutation({
    mutationFn: (values: FormOutput) => call(testimonialsContract.submit, { body: values }),
    onSuccess: () => {
      form.reset(BLANK)
      // The review is sent: an earlier refused photo's red row has nothing left to retry.
      uploads.clear()
      toast({ variant: 'success', ...TESTIMONIAL_MESSAGES.submitted })
    },
    onError: (error) => {
      showServerErrors(form, error)
      toast({
        variant: 'destructive',
        title: TESTIMONIAL_MESSAGES.submitFailedTitle,
        description: failureMessage(error) || TESTIMONIAL_MESSAGES.submitFailed,
      })
    },
  })
  const photo = imageUrl ? imageSources(imageUrl) : undefined

  return (
    <form className="grid gap-6" noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
      <FormField label="Your Name" htmlFor="review-name" error={errors.customerName?.message}>
        <Input autoComplete="name" maxLength={100} {...form.register('customerName')} />
      </FormField>
      <Controller
        control={form.control}
        name="productId"
        render={({ field }) => (
          <ProductPicker
            id="review-product"
            value={String(field.value ?? NO_PRODUCT)}
            onChange={field.onChange}
            error={errors.productId?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <fieldset>
            <legend className="text-sm font-medium text-ink">Rating</legend>
            <div className="mt-2 flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="cursor-pointer rounded-sm p-1 has-focus-visible:ring-2 has-focus-visible:ring-jade-700"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={Number(field.value) === n}
                    onChange={() => field.onChange(n)}
                    className="sr-only"
                  />
                  <span className="sr-only">{`${n} star${n > 1 ? 's' : ''}`}</span>
                  <Star
                    aria-hidden
                    className={cn(
                      'size-8 transition-colors',
                      n <= Number(field.value) ? 'fill-gold text-gold' : 'fill-transparent text-ink/30',
                    )}
                  />
                </label>
              ))}
            </div>
            {errors.rating && (
              <p role="alert" className="mt-2 text-sm text-destructive">
                {errors.rating.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <FormField label="Your Review" htmlFor="review-content" error={errors.content?.message}>
        <Textarea rows={5} maxLength={2000} {...form.register('content')} />
      </FormField>
      <div className="grid gap-2">
        <span className="text-sm font-medium text-ink">Photo (optional)</span>
        {photo ? (
          <div className="relative w-40">
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes="160px"
              alt="Your upload"
              className="aspect-square w-40 object-cover"
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="absolute top-2 right-2 h-8 bg-ivory px-2"
              aria-label="Remove photo"
              onClick={() => form.setValue('imageUrl', null)}
            >
              <X className="size-4" aria-hidden />
            </Button>
          </div>
        ) : (
          <FileDropzone
            inputId="review-photo"
            label="Add a photo"
            hint="An image up to 5 MB"
            disabled={uploads.busy}
            onFiles={(files) => uploads.start(files.slice(0, 1))}
          />
        )}
        <UploadProgressList uploads={uploads.uploads} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
        {errors.imageUrl && (
          <p role="alert" className="text-sm text-destructive">
            {errors.imageUrl.message}
          </p>
        )}
      </div>
      <div>
        <Button
          type="submit"
          size="lg"
          disabled={submit.isPending || uploads.busy}
          className="w-full sm:w-auto"
        >
          {submit.isPending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </div>
    </form>
  )
}

import { useQuery } from '@tanstack/react-query'
import { ChevronDown } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { capitalize, categoryPath } from '../../../shared/catalog/rules'
import { queries } from '../../lib/queries'
import { DisclosureMenu, disclosureItemClass } from '../../ui/disclosure-menu'

export function CollectionsMenu() {
  const { data: categories = [] } = useQuery(queries.categories())
  const { pathname } = useLocation()
  return (
    <DisclosureMenu
      closeKey={pathname}
      triggerClassName="flex items-center gap-1 text-sm tracking-wide text-ink-muted transition-colors hover:text-jade-700 aria-expanded:text-jade-700"
      label={
        <>
          Collections <ChevronDown className="size-4" aria-hidden />
        </>
      }
    >
      <ul>
        <li>
          <Link to="/products" className={disclosureItemClass}>
            All Collections
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <Link to={categoryPath(category)} className={disclosureItemClass}>
              {capitalize(category)}
            </Link>
          </li>
        ))}
      </ul>
    </DisclosureMenu>
  )
}

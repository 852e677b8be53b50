/** The shop's logo from settings; decorative when the shop name is written beside it. */
export function Logo({ src, className = 'h-10 w-10', alt = '' }: { src: string; className?: string; alt?: string }) {
  return <img src={src || '/logo.svg'} alt={alt} width={40} height={40} className={`${className} shrink-0 rounded-full object-contain`} />;
}

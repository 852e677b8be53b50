/** 'Photo 2 from Asha R.'s review': what a screen reader says of a review's photo. */
export const reviewPhotoAlt = (index: number, author: string) => `Photo ${index + 1} from ${author}'s review`;

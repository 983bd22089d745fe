// The zoom's SwiftUI grid snippets, compiled for iOS; every block between `// README begins`
// and `// README ends` here appears verbatim in the DocC article `ZoomGridIntegration.md`
// (checked by `ZoomGridSnippetsTests`).

#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import SwiftUI
import UIKit

// MARK: - DocC: A SwiftUI grid with the zoom

/// The grid's cell: the photo aspect-filled in a square.
struct ZoomGridCell: View {
    let photo: Photo

    // README begins (grid, cell)
    var body: some View {
        Color.clear
            .aspectRatio(1, contentMode: .fit)
            .overlay(Image(uiImage: photo.image).resizable().scaledToFill())
            .clipShape(RoundedRectangle(cornerRadius: 6, style: .continuous))
    }
    // README ends
}

/// The grid opening the detail in a full-screen cover.
struct ZoomGridCover: View {
    let photos: [Photo]

    // README begins (grid, cover)
    @StateObject private var zoom = ZoomNamespace()
    @State private var selected: Photo?

    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 110), spacing: 2)], spacing: 2) {
                ForEach(photos) { photo in
                    ZoomGridCell(photo: photo)
                        .zoomSource(id: photo.id, in: zoom)               // hidden while its detail is open
                        .onTapGesture {
                            var transaction = Transaction()
                            transaction.disablesAnimations = true         // the zoom replaces the cover's slide
                            withTransaction(transaction) { selected = photo }
                        }
                }
            }
        }
        .fullScreenCover(item: $selected) { photo in
            ZoomGridDetail(photo: photo)
                .zoomTransition(sourceID: photo.id, in: zoom,
                                imageSize: photo.image.size, cornerRadius: 6)   // lands where the detail draws it
        }
    }
    // README ends
}

/// The detail: the photo fitted in the whole screen, a close button.
struct ZoomGridDetail: View {
    let photo: Photo

    // README begins (grid, detail)
    @Environment(\.zoomClose) private var close

    var body: some View {
        Image(uiImage: photo.image).resizable().scaledToFit()       // aspect-fit in the whole frame
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Color.black)
            .ignoresSafeArea()
            .overlay(alignment: .topTrailing) {
                Button("Close") { close() }                         // back into the cell
                    .padding()
            }
    }
    // README ends
}

/// The grid pushing the detail on a navigation stack.
@available(iOS 16.0, *)
struct ZoomGridStack: View {
    let photos: [Photo]

    // README begins (grid, push)
    @StateObject private var zoom = ZoomNamespace()
    @State private var path: [String] = []

    var body: some View {
        NavigationStack(path: $path) {
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 110), spacing: 2)], spacing: 2) {
                    ForEach(photos) { photo in
                        ZoomGridCell(photo: photo)
                            .zoomSource(id: photo.id, in: zoom)
                            .onTapGesture { zoom.push { path.append(photo.id) } }   // no system slide
                    }
                }
            }
            .navigationTitle("Photos")
            .navigationDestination(for: String.self) { id in
                if let photo = photos.first(where: { $0.id == id }) {
                    ZoomGridDetail(photo: photo)
                        .zoomNavigationTransition(sourceID: id, in: zoom,
                                                  imageSize: photo.image.size, cornerRadius: 6)
                        .toolbar(.hidden, for: .navigationBar)      // or it appears at once
                }
            }
        }
    }
    // README ends
}

/// A screen pushed from the UIKit detail.
final class CommentsViewController: UIViewController {}

extension PhotoViewController {
    /// Pushes the comments: the system's slide, not the zoom.
    func showComments() {
        // README begins (grid, UIKit other push)
        navigationController?.pushViewController(CommentsViewController(), animated: true)   // the system's slide
        // README ends
    }
}
#endif
